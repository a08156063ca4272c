module @IrToHlo.915 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<2x16xi64>, %arg1: tensor<64xf32>, %arg2: tensor<64x16xf32>, %arg3: tensor<2x16xi64>, %arg4: tensor<64xf32>, %arg5: tensor<64x4xf32>, %arg6: tensor<2x6x4xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x16xf32>, %arg9: tensor<2x16xi64>, %arg10: tensor<2x16xi64>, %arg11: tensor<2x16xi64>, %arg12: tensor<2x16xi64>, %arg13: tensor<2x16xi64>, %arg14: tensor<2x16xi64>, %arg15: tensor<2x16xi64>, %arg16: tensor<2x16xi64>, %arg17: tensor<2x16xi64>, %arg18: tensor<2x16xi64>, %arg19: tensor<2x16xi64>, %arg20: tensor<2x16xi64>, %arg21: tensor<2x16xi64>, %arg22: tensor<2x16xi64>, %arg23: tensor<2x16xi64>, %arg24: tensor<2x16xi64>, %arg25: tensor<2x16xi64>, %arg26: tensor<64xf32>, %arg27: tensor<64x16xf32>, %arg28: tensor<2x16xi64>, %arg29: tensor<2x16xi64>, %arg30: tensor<2x16xi64>, %arg31: tensor<2x16xi64>, %arg32: tensor<2x16xi64>, %arg33: tensor<2x16xi64>, %arg34: tensor<2x16xi64>, %arg35: tensor<2x16xi64>, %arg36: tensor<2x16xi64>, %arg37: tensor<2x16xi64>, %arg38: tensor<2x16xi64>, %arg39: tensor<2x16xi64>, %arg40: tensor<2x16xi64>, %arg41: tensor<2x16xi64>, %arg42: tensor<2x16xi64>, %arg43: tensor<2x16xi64>, %arg44: tensor<2x16xi64>) -> (tensor<2x6x16xf32>, tensor<2x2x16xf32>, tensor<2x2x16xf32>) {
    %c = stablehlo.constant dense<128> : tensor<32xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<32xi64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x16xf32>
    %0 = stablehlo.transpose %arg27, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,64]{0,1}"} : (tensor<64x16xf32>) -> tensor<16x64xf32>
    %1 = stablehlo.dot_general %cst, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %2 = stablehlo.broadcast_in_dim %arg26, dims = [1] : (tensor<64xf32>) -> tensor<2x64xf32>
    %3 = stablehlo.add %1, %2 : tensor<2x64xf32>
    %4 = stablehlo.transpose %arg8, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,64]{0,1}"} : (tensor<64x16xf32>) -> tensor<16x64xf32>
    %5 = stablehlo.dot_general %cst, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %6 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<64xf32>) -> tensor<2x64xf32>
    %7 = stablehlo.add %5, %6 : tensor<2x64xf32>
    %8 = stablehlo.transpose %arg6, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[6,2,4]{2,0,1}"} : (tensor<2x6x4xf32>) -> tensor<6x2x4xf32>
    %9 = stablehlo.slice %8 [0:1, 0:2, 0:4] : (tensor<6x2x4xf32>) -> tensor<1x2x4xf32>
    %10 = stablehlo.reshape %9 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %11 = stablehlo.transpose %arg5, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,64]{0,1}"} : (tensor<64x4xf32>) -> tensor<4x64xf32>
    %12 = stablehlo.dot_general %10, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x64xf32>) -> tensor<2x64xf32>
    %13 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<64xf32>) -> tensor<2x64xf32>
    %14 = stablehlo.add %12, %13 : tensor<2x64xf32>
    %15 = stablehlo.add %7, %14 : tensor<2x64xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x64xf32>) -> tensor<128xf32>
    %17 = stablehlo.reshape %arg15 : (tensor<2x16xi64>) -> tensor<32xi64>
    %18 = stablehlo.compare  GE, %17, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %19 = stablehlo.add %17, %c : tensor<32xi64>
    %20 = stablehlo.select %18, %17, %19 : tensor<32xi1>, tensor<32xi64>
    %21 = stablehlo.convert %20 : (tensor<32xi64>) -> tensor<32xui32>
    %22 = "stablehlo.gather"(%16, %21) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %23 = stablehlo.reshape %22 : (tensor<32xf32>) -> tensor<2x16xf32>
    %24 = stablehlo.logistic %23 : tensor<2x16xf32>
    %25 = stablehlo.reshape %arg14 : (tensor<2x16xi64>) -> tensor<32xi64>
    %26 = stablehlo.compare  GE, %25, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %27 = stablehlo.add %25, %c : tensor<32xi64>
    %28 = stablehlo.select %26, %25, %27 : tensor<32xi1>, tensor<32xi64>
    %29 = stablehlo.convert %28 : (tensor<32xi64>) -> tensor<32xui32>
    %30 = "stablehlo.gather"(%16, %29) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %31 = stablehlo.reshape %30 : (tensor<32xf32>) -> tensor<2x16xf32>
    %32 = stablehlo.logistic %31 : tensor<2x16xf32>
    %33 = stablehlo.multiply %32, %cst : tensor<2x16xf32>
    %34 = stablehlo.slice %15 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %35 = stablehlo.logistic %34 : tensor<2x16xf32>
    %36 = stablehlo.reshape %arg13 : (tensor<2x16xi64>) -> tensor<32xi64>
    %37 = stablehlo.compare  GE, %36, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %38 = stablehlo.add %36, %c : tensor<32xi64>
    %39 = stablehlo.select %37, %36, %38 : tensor<32xi1>, tensor<32xi64>
    %40 = stablehlo.convert %39 : (tensor<32xi64>) -> tensor<32xui32>
    %41 = "stablehlo.gather"(%16, %40) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %42 = stablehlo.reshape %41 : (tensor<32xf32>) -> tensor<2x16xf32>
    %43 = stablehlo.tanh %42 : tensor<2x16xf32>
    %44 = stablehlo.multiply %35, %43 : tensor<2x16xf32>
    %45 = stablehlo.add %33, %44 : tensor<2x16xf32>
    %46 = stablehlo.tanh %45 : tensor<2x16xf32>
    %47 = stablehlo.multiply %24, %46 : tensor<2x16xf32>
    %48 = stablehlo.dot_general %47, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %49 = stablehlo.add %48, %6 : tensor<2x64xf32>
    %50 = stablehlo.slice %8 [1:2, 0:2, 0:4] : (tensor<6x2x4xf32>) -> tensor<1x2x4xf32>
    %51 = stablehlo.reshape %50 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %52 = stablehlo.dot_general %51, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x64xf32>) -> tensor<2x64xf32>
    %53 = stablehlo.add %52, %13 : tensor<2x64xf32>
    %54 = stablehlo.add %49, %53 : tensor<2x64xf32>
    %55 = stablehlo.reshape %54 : (tensor<2x64xf32>) -> tensor<128xf32>
    %56 = stablehlo.reshape %arg17 : (tensor<2x16xi64>) -> tensor<32xi64>
    %57 = stablehlo.compare  GE, %56, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %58 = stablehlo.add %56, %c : tensor<32xi64>
    %59 = stablehlo.select %57, %56, %58 : tensor<32xi1>, tensor<32xi64>
    %60 = stablehlo.convert %59 : (tensor<32xi64>) -> tensor<32xui32>
    %61 = "stablehlo.gather"(%55, %60) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %62 = stablehlo.reshape %61 : (tensor<32xf32>) -> tensor<2x16xf32>
    %63 = stablehlo.logistic %62 : tensor<2x16xf32>
    %64 = stablehlo.reshape %arg16 : (tensor<2x16xi64>) -> tensor<32xi64>
    %65 = stablehlo.compare  GE, %64, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %66 = stablehlo.add %64, %c : tensor<32xi64>
    %67 = stablehlo.select %65, %64, %66 : tensor<32xi1>, tensor<32xi64>
    %68 = stablehlo.convert %67 : (tensor<32xi64>) -> tensor<32xui32>
    %69 = "stablehlo.gather"(%55, %68) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %70 = stablehlo.reshape %69 : (tensor<32xf32>) -> tensor<2x16xf32>
    %71 = stablehlo.logistic %70 : tensor<2x16xf32>
    %72 = stablehlo.multiply %71, %45 : tensor<2x16xf32>
    %73 = stablehlo.slice %54 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %74 = stablehlo.logistic %73 : tensor<2x16xf32>
    %75 = stablehlo.reshape %arg12 : (tensor<2x16xi64>) -> tensor<32xi64>
    %76 = stablehlo.compare  GE, %75, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %77 = stablehlo.add %75, %c : tensor<32xi64>
    %78 = stablehlo.select %76, %75, %77 : tensor<32xi1>, tensor<32xi64>
    %79 = stablehlo.convert %78 : (tensor<32xi64>) -> tensor<32xui32>
    %80 = "stablehlo.gather"(%55, %79) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %81 = stablehlo.reshape %80 : (tensor<32xf32>) -> tensor<2x16xf32>
    %82 = stablehlo.tanh %81 : tensor<2x16xf32>
    %83 = stablehlo.multiply %74, %82 : tensor<2x16xf32>
    %84 = stablehlo.add %72, %83 : tensor<2x16xf32>
    %85 = stablehlo.tanh %84 : tensor<2x16xf32>
    %86 = stablehlo.multiply %63, %85 : tensor<2x16xf32>
    %87 = stablehlo.dot_general %86, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %88 = stablehlo.add %87, %6 : tensor<2x64xf32>
    %89 = stablehlo.slice %8 [2:3, 0:2, 0:4] : (tensor<6x2x4xf32>) -> tensor<1x2x4xf32>
    %90 = stablehlo.reshape %89 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %91 = stablehlo.dot_general %90, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x64xf32>) -> tensor<2x64xf32>
    %92 = stablehlo.add %91, %13 : tensor<2x64xf32>
    %93 = stablehlo.add %88, %92 : tensor<2x64xf32>
    %94 = stablehlo.reshape %93 : (tensor<2x64xf32>) -> tensor<128xf32>
    %95 = stablehlo.reshape %arg19 : (tensor<2x16xi64>) -> tensor<32xi64>
    %96 = stablehlo.compare  GE, %95, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %97 = stablehlo.add %95, %c : tensor<32xi64>
    %98 = stablehlo.select %96, %95, %97 : tensor<32xi1>, tensor<32xi64>
    %99 = stablehlo.convert %98 : (tensor<32xi64>) -> tensor<32xui32>
    %100 = "stablehlo.gather"(%94, %99) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %101 = stablehlo.reshape %100 : (tensor<32xf32>) -> tensor<2x16xf32>
    %102 = stablehlo.logistic %101 : tensor<2x16xf32>
    %103 = stablehlo.reshape %arg18 : (tensor<2x16xi64>) -> tensor<32xi64>
    %104 = stablehlo.compare  GE, %103, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %105 = stablehlo.add %103, %c : tensor<32xi64>
    %106 = stablehlo.select %104, %103, %105 : tensor<32xi1>, tensor<32xi64>
    %107 = stablehlo.convert %106 : (tensor<32xi64>) -> tensor<32xui32>
    %108 = "stablehlo.gather"(%94, %107) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %109 = stablehlo.reshape %108 : (tensor<32xf32>) -> tensor<2x16xf32>
    %110 = stablehlo.logistic %109 : tensor<2x16xf32>
    %111 = stablehlo.multiply %110, %84 : tensor<2x16xf32>
    %112 = stablehlo.slice %93 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %113 = stablehlo.logistic %112 : tensor<2x16xf32>
    %114 = stablehlo.reshape %arg11 : (tensor<2x16xi64>) -> tensor<32xi64>
    %115 = stablehlo.compare  GE, %114, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %116 = stablehlo.add %114, %c : tensor<32xi64>
    %117 = stablehlo.select %115, %114, %116 : tensor<32xi1>, tensor<32xi64>
    %118 = stablehlo.convert %117 : (tensor<32xi64>) -> tensor<32xui32>
    %119 = "stablehlo.gather"(%94, %118) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %120 = stablehlo.reshape %119 : (tensor<32xf32>) -> tensor<2x16xf32>
    %121 = stablehlo.tanh %120 : tensor<2x16xf32>
    %122 = stablehlo.multiply %113, %121 : tensor<2x16xf32>
    %123 = stablehlo.add %111, %122 : tensor<2x16xf32>
    %124 = stablehlo.tanh %123 : tensor<2x16xf32>
    %125 = stablehlo.multiply %102, %124 : tensor<2x16xf32>
    %126 = stablehlo.dot_general %125, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %127 = stablehlo.add %126, %6 : tensor<2x64xf32>
    %128 = stablehlo.slice %8 [3:4, 0:2, 0:4] : (tensor<6x2x4xf32>) -> tensor<1x2x4xf32>
    %129 = stablehlo.reshape %128 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %130 = stablehlo.dot_general %129, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x64xf32>) -> tensor<2x64xf32>
    %131 = stablehlo.add %130, %13 : tensor<2x64xf32>
    %132 = stablehlo.add %127, %131 : tensor<2x64xf32>
    %133 = stablehlo.reshape %132 : (tensor<2x64xf32>) -> tensor<128xf32>
    %134 = stablehlo.reshape %arg21 : (tensor<2x16xi64>) -> tensor<32xi64>
    %135 = stablehlo.compare  GE, %134, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %136 = stablehlo.add %134, %c : tensor<32xi64>
    %137 = stablehlo.select %135, %134, %136 : tensor<32xi1>, tensor<32xi64>
    %138 = stablehlo.convert %137 : (tensor<32xi64>) -> tensor<32xui32>
    %139 = "stablehlo.gather"(%133, %138) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %140 = stablehlo.reshape %139 : (tensor<32xf32>) -> tensor<2x16xf32>
    %141 = stablehlo.logistic %140 : tensor<2x16xf32>
    %142 = stablehlo.reshape %arg20 : (tensor<2x16xi64>) -> tensor<32xi64>
    %143 = stablehlo.compare  GE, %142, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %144 = stablehlo.add %142, %c : tensor<32xi64>
    %145 = stablehlo.select %143, %142, %144 : tensor<32xi1>, tensor<32xi64>
    %146 = stablehlo.convert %145 : (tensor<32xi64>) -> tensor<32xui32>
    %147 = "stablehlo.gather"(%133, %146) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %148 = stablehlo.reshape %147 : (tensor<32xf32>) -> tensor<2x16xf32>
    %149 = stablehlo.logistic %148 : tensor<2x16xf32>
    %150 = stablehlo.multiply %149, %123 : tensor<2x16xf32>
    %151 = stablehlo.slice %132 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %152 = stablehlo.logistic %151 : tensor<2x16xf32>
    %153 = stablehlo.reshape %arg10 : (tensor<2x16xi64>) -> tensor<32xi64>
    %154 = stablehlo.compare  GE, %153, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %155 = stablehlo.add %153, %c : tensor<32xi64>
    %156 = stablehlo.select %154, %153, %155 : tensor<32xi1>, tensor<32xi64>
    %157 = stablehlo.convert %156 : (tensor<32xi64>) -> tensor<32xui32>
    %158 = "stablehlo.gather"(%133, %157) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %159 = stablehlo.reshape %158 : (tensor<32xf32>) -> tensor<2x16xf32>
    %160 = stablehlo.tanh %159 : tensor<2x16xf32>
    %161 = stablehlo.multiply %152, %160 : tensor<2x16xf32>
    %162 = stablehlo.add %150, %161 : tensor<2x16xf32>
    %163 = stablehlo.tanh %162 : tensor<2x16xf32>
    %164 = stablehlo.multiply %141, %163 : tensor<2x16xf32>
    %165 = stablehlo.dot_general %164, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %166 = stablehlo.add %165, %6 : tensor<2x64xf32>
    %167 = stablehlo.slice %8 [4:5, 0:2, 0:4] : (tensor<6x2x4xf32>) -> tensor<1x2x4xf32>
    %168 = stablehlo.reshape %167 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %169 = stablehlo.dot_general %168, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x64xf32>) -> tensor<2x64xf32>
    %170 = stablehlo.add %169, %13 : tensor<2x64xf32>
    %171 = stablehlo.add %166, %170 : tensor<2x64xf32>
    %172 = stablehlo.reshape %171 : (tensor<2x64xf32>) -> tensor<128xf32>
    %173 = stablehlo.reshape %arg23 : (tensor<2x16xi64>) -> tensor<32xi64>
    %174 = stablehlo.compare  GE, %173, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %175 = stablehlo.add %173, %c : tensor<32xi64>
    %176 = stablehlo.select %174, %173, %175 : tensor<32xi1>, tensor<32xi64>
    %177 = stablehlo.convert %176 : (tensor<32xi64>) -> tensor<32xui32>
    %178 = "stablehlo.gather"(%172, %177) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %179 = stablehlo.reshape %178 : (tensor<32xf32>) -> tensor<2x16xf32>
    %180 = stablehlo.logistic %179 : tensor<2x16xf32>
    %181 = stablehlo.reshape %arg22 : (tensor<2x16xi64>) -> tensor<32xi64>
    %182 = stablehlo.compare  GE, %181, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %183 = stablehlo.add %181, %c : tensor<32xi64>
    %184 = stablehlo.select %182, %181, %183 : tensor<32xi1>, tensor<32xi64>
    %185 = stablehlo.convert %184 : (tensor<32xi64>) -> tensor<32xui32>
    %186 = "stablehlo.gather"(%172, %185) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %187 = stablehlo.reshape %186 : (tensor<32xf32>) -> tensor<2x16xf32>
    %188 = stablehlo.logistic %187 : tensor<2x16xf32>
    %189 = stablehlo.multiply %188, %162 : tensor<2x16xf32>
    %190 = stablehlo.slice %171 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %191 = stablehlo.logistic %190 : tensor<2x16xf32>
    %192 = stablehlo.reshape %arg9 : (tensor<2x16xi64>) -> tensor<32xi64>
    %193 = stablehlo.compare  GE, %192, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %194 = stablehlo.add %192, %c : tensor<32xi64>
    %195 = stablehlo.select %193, %192, %194 : tensor<32xi1>, tensor<32xi64>
    %196 = stablehlo.convert %195 : (tensor<32xi64>) -> tensor<32xui32>
    %197 = "stablehlo.gather"(%172, %196) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %198 = stablehlo.reshape %197 : (tensor<32xf32>) -> tensor<2x16xf32>
    %199 = stablehlo.tanh %198 : tensor<2x16xf32>
    %200 = stablehlo.multiply %191, %199 : tensor<2x16xf32>
    %201 = stablehlo.add %189, %200 : tensor<2x16xf32>
    %202 = stablehlo.tanh %201 : tensor<2x16xf32>
    %203 = stablehlo.multiply %180, %202 : tensor<2x16xf32>
    %204 = stablehlo.dot_general %203, %4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %205 = stablehlo.add %204, %6 : tensor<2x64xf32>
    %206 = stablehlo.slice %8 [5:6, 0:2, 0:4] : (tensor<6x2x4xf32>) -> tensor<1x2x4xf32>
    %207 = stablehlo.reshape %206 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %208 = stablehlo.dot_general %207, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x64xf32>) -> tensor<2x64xf32>
    %209 = stablehlo.add %208, %13 : tensor<2x64xf32>
    %210 = stablehlo.add %205, %209 : tensor<2x64xf32>
    %211 = stablehlo.reshape %210 : (tensor<2x64xf32>) -> tensor<128xf32>
    %212 = stablehlo.reshape %arg25 : (tensor<2x16xi64>) -> tensor<32xi64>
    %213 = stablehlo.compare  GE, %212, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %214 = stablehlo.add %212, %c : tensor<32xi64>
    %215 = stablehlo.select %213, %212, %214 : tensor<32xi1>, tensor<32xi64>
    %216 = stablehlo.convert %215 : (tensor<32xi64>) -> tensor<32xui32>
    %217 = "stablehlo.gather"(%211, %216) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %218 = stablehlo.reshape %217 : (tensor<32xf32>) -> tensor<2x16xf32>
    %219 = stablehlo.logistic %218 : tensor<2x16xf32>
    %220 = stablehlo.reshape %arg24 : (tensor<2x16xi64>) -> tensor<32xi64>
    %221 = stablehlo.compare  GE, %220, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %222 = stablehlo.add %220, %c : tensor<32xi64>
    %223 = stablehlo.select %221, %220, %222 : tensor<32xi1>, tensor<32xi64>
    %224 = stablehlo.convert %223 : (tensor<32xi64>) -> tensor<32xui32>
    %225 = "stablehlo.gather"(%211, %224) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %226 = stablehlo.reshape %225 : (tensor<32xf32>) -> tensor<2x16xf32>
    %227 = stablehlo.logistic %226 : tensor<2x16xf32>
    %228 = stablehlo.multiply %227, %201 : tensor<2x16xf32>
    %229 = stablehlo.slice %210 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %230 = stablehlo.logistic %229 : tensor<2x16xf32>
    %231 = stablehlo.reshape %arg3 : (tensor<2x16xi64>) -> tensor<32xi64>
    %232 = stablehlo.compare  GE, %231, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %233 = stablehlo.add %231, %c : tensor<32xi64>
    %234 = stablehlo.select %232, %231, %233 : tensor<32xi1>, tensor<32xi64>
    %235 = stablehlo.convert %234 : (tensor<32xi64>) -> tensor<32xui32>
    %236 = "stablehlo.gather"(%211, %235) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %237 = stablehlo.reshape %236 : (tensor<32xf32>) -> tensor<2x16xf32>
    %238 = stablehlo.tanh %237 : tensor<2x16xf32>
    %239 = stablehlo.multiply %230, %238 : tensor<2x16xf32>
    %240 = stablehlo.add %228, %239 : tensor<2x16xf32>
    %241 = stablehlo.tanh %240 : tensor<2x16xf32>
    %242 = stablehlo.multiply %219, %241 : tensor<2x16xf32>
    %243 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,64]{0,1}"} : (tensor<64x16xf32>) -> tensor<16x64xf32>
    %244 = stablehlo.dot_general %47, %243, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %245 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<2x64xf32>
    %246 = stablehlo.add %244, %245 : tensor<2x64xf32>
    %247 = stablehlo.add %3, %246 : tensor<2x64xf32>
    %248 = stablehlo.reshape %247 : (tensor<2x64xf32>) -> tensor<128xf32>
    %249 = stablehlo.reshape %arg34 : (tensor<2x16xi64>) -> tensor<32xi64>
    %250 = stablehlo.compare  GE, %249, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %251 = stablehlo.add %249, %c : tensor<32xi64>
    %252 = stablehlo.select %250, %249, %251 : tensor<32xi1>, tensor<32xi64>
    %253 = stablehlo.convert %252 : (tensor<32xi64>) -> tensor<32xui32>
    %254 = "stablehlo.gather"(%248, %253) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %255 = stablehlo.reshape %254 : (tensor<32xf32>) -> tensor<2x16xf32>
    %256 = stablehlo.logistic %255 : tensor<2x16xf32>
    %257 = stablehlo.reshape %arg33 : (tensor<2x16xi64>) -> tensor<32xi64>
    %258 = stablehlo.compare  GE, %257, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %259 = stablehlo.add %257, %c : tensor<32xi64>
    %260 = stablehlo.select %258, %257, %259 : tensor<32xi1>, tensor<32xi64>
    %261 = stablehlo.convert %260 : (tensor<32xi64>) -> tensor<32xui32>
    %262 = "stablehlo.gather"(%248, %261) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %263 = stablehlo.reshape %262 : (tensor<32xf32>) -> tensor<2x16xf32>
    %264 = stablehlo.logistic %263 : tensor<2x16xf32>
    %265 = stablehlo.multiply %264, %cst : tensor<2x16xf32>
    %266 = stablehlo.slice %247 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %267 = stablehlo.logistic %266 : tensor<2x16xf32>
    %268 = stablehlo.reshape %arg32 : (tensor<2x16xi64>) -> tensor<32xi64>
    %269 = stablehlo.compare  GE, %268, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %270 = stablehlo.add %268, %c : tensor<32xi64>
    %271 = stablehlo.select %269, %268, %270 : tensor<32xi1>, tensor<32xi64>
    %272 = stablehlo.convert %271 : (tensor<32xi64>) -> tensor<32xui32>
    %273 = "stablehlo.gather"(%248, %272) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %274 = stablehlo.reshape %273 : (tensor<32xf32>) -> tensor<2x16xf32>
    %275 = stablehlo.tanh %274 : tensor<2x16xf32>
    %276 = stablehlo.multiply %267, %275 : tensor<2x16xf32>
    %277 = stablehlo.add %265, %276 : tensor<2x16xf32>
    %278 = stablehlo.tanh %277 : tensor<2x16xf32>
    %279 = stablehlo.multiply %256, %278 : tensor<2x16xf32>
    %280 = stablehlo.reshape %279 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %281 = stablehlo.dot_general %279, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %282 = stablehlo.add %281, %2 : tensor<2x64xf32>
    %283 = stablehlo.dot_general %86, %243, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %284 = stablehlo.add %283, %245 : tensor<2x64xf32>
    %285 = stablehlo.add %282, %284 : tensor<2x64xf32>
    %286 = stablehlo.reshape %285 : (tensor<2x64xf32>) -> tensor<128xf32>
    %287 = stablehlo.reshape %arg36 : (tensor<2x16xi64>) -> tensor<32xi64>
    %288 = stablehlo.compare  GE, %287, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %289 = stablehlo.add %287, %c : tensor<32xi64>
    %290 = stablehlo.select %288, %287, %289 : tensor<32xi1>, tensor<32xi64>
    %291 = stablehlo.convert %290 : (tensor<32xi64>) -> tensor<32xui32>
    %292 = "stablehlo.gather"(%286, %291) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %293 = stablehlo.reshape %292 : (tensor<32xf32>) -> tensor<2x16xf32>
    %294 = stablehlo.logistic %293 : tensor<2x16xf32>
    %295 = stablehlo.reshape %arg35 : (tensor<2x16xi64>) -> tensor<32xi64>
    %296 = stablehlo.compare  GE, %295, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %297 = stablehlo.add %295, %c : tensor<32xi64>
    %298 = stablehlo.select %296, %295, %297 : tensor<32xi1>, tensor<32xi64>
    %299 = stablehlo.convert %298 : (tensor<32xi64>) -> tensor<32xui32>
    %300 = "stablehlo.gather"(%286, %299) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %301 = stablehlo.reshape %300 : (tensor<32xf32>) -> tensor<2x16xf32>
    %302 = stablehlo.logistic %301 : tensor<2x16xf32>
    %303 = stablehlo.multiply %302, %277 : tensor<2x16xf32>
    %304 = stablehlo.slice %285 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %305 = stablehlo.logistic %304 : tensor<2x16xf32>
    %306 = stablehlo.reshape %arg31 : (tensor<2x16xi64>) -> tensor<32xi64>
    %307 = stablehlo.compare  GE, %306, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %308 = stablehlo.add %306, %c : tensor<32xi64>
    %309 = stablehlo.select %307, %306, %308 : tensor<32xi1>, tensor<32xi64>
    %310 = stablehlo.convert %309 : (tensor<32xi64>) -> tensor<32xui32>
    %311 = "stablehlo.gather"(%286, %310) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %312 = stablehlo.reshape %311 : (tensor<32xf32>) -> tensor<2x16xf32>
    %313 = stablehlo.tanh %312 : tensor<2x16xf32>
    %314 = stablehlo.multiply %305, %313 : tensor<2x16xf32>
    %315 = stablehlo.add %303, %314 : tensor<2x16xf32>
    %316 = stablehlo.tanh %315 : tensor<2x16xf32>
    %317 = stablehlo.multiply %294, %316 : tensor<2x16xf32>
    %318 = stablehlo.reshape %317 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %319 = stablehlo.dot_general %317, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %320 = stablehlo.add %319, %2 : tensor<2x64xf32>
    %321 = stablehlo.dot_general %125, %243, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %322 = stablehlo.add %321, %245 : tensor<2x64xf32>
    %323 = stablehlo.add %320, %322 : tensor<2x64xf32>
    %324 = stablehlo.reshape %323 : (tensor<2x64xf32>) -> tensor<128xf32>
    %325 = stablehlo.reshape %arg38 : (tensor<2x16xi64>) -> tensor<32xi64>
    %326 = stablehlo.compare  GE, %325, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %327 = stablehlo.add %325, %c : tensor<32xi64>
    %328 = stablehlo.select %326, %325, %327 : tensor<32xi1>, tensor<32xi64>
    %329 = stablehlo.convert %328 : (tensor<32xi64>) -> tensor<32xui32>
    %330 = "stablehlo.gather"(%324, %329) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %331 = stablehlo.reshape %330 : (tensor<32xf32>) -> tensor<2x16xf32>
    %332 = stablehlo.logistic %331 : tensor<2x16xf32>
    %333 = stablehlo.reshape %arg37 : (tensor<2x16xi64>) -> tensor<32xi64>
    %334 = stablehlo.compare  GE, %333, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %335 = stablehlo.add %333, %c : tensor<32xi64>
    %336 = stablehlo.select %334, %333, %335 : tensor<32xi1>, tensor<32xi64>
    %337 = stablehlo.convert %336 : (tensor<32xi64>) -> tensor<32xui32>
    %338 = "stablehlo.gather"(%324, %337) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %339 = stablehlo.reshape %338 : (tensor<32xf32>) -> tensor<2x16xf32>
    %340 = stablehlo.logistic %339 : tensor<2x16xf32>
    %341 = stablehlo.multiply %340, %315 : tensor<2x16xf32>
    %342 = stablehlo.slice %323 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %343 = stablehlo.logistic %342 : tensor<2x16xf32>
    %344 = stablehlo.reshape %arg30 : (tensor<2x16xi64>) -> tensor<32xi64>
    %345 = stablehlo.compare  GE, %344, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %346 = stablehlo.add %344, %c : tensor<32xi64>
    %347 = stablehlo.select %345, %344, %346 : tensor<32xi1>, tensor<32xi64>
    %348 = stablehlo.convert %347 : (tensor<32xi64>) -> tensor<32xui32>
    %349 = "stablehlo.gather"(%324, %348) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %350 = stablehlo.reshape %349 : (tensor<32xf32>) -> tensor<2x16xf32>
    %351 = stablehlo.tanh %350 : tensor<2x16xf32>
    %352 = stablehlo.multiply %343, %351 : tensor<2x16xf32>
    %353 = stablehlo.add %341, %352 : tensor<2x16xf32>
    %354 = stablehlo.tanh %353 : tensor<2x16xf32>
    %355 = stablehlo.multiply %332, %354 : tensor<2x16xf32>
    %356 = stablehlo.reshape %355 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %357 = stablehlo.dot_general %355, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %358 = stablehlo.add %357, %2 : tensor<2x64xf32>
    %359 = stablehlo.dot_general %164, %243, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %360 = stablehlo.add %359, %245 : tensor<2x64xf32>
    %361 = stablehlo.add %358, %360 : tensor<2x64xf32>
    %362 = stablehlo.reshape %361 : (tensor<2x64xf32>) -> tensor<128xf32>
    %363 = stablehlo.reshape %arg40 : (tensor<2x16xi64>) -> tensor<32xi64>
    %364 = stablehlo.compare  GE, %363, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %365 = stablehlo.add %363, %c : tensor<32xi64>
    %366 = stablehlo.select %364, %363, %365 : tensor<32xi1>, tensor<32xi64>
    %367 = stablehlo.convert %366 : (tensor<32xi64>) -> tensor<32xui32>
    %368 = "stablehlo.gather"(%362, %367) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %369 = stablehlo.reshape %368 : (tensor<32xf32>) -> tensor<2x16xf32>
    %370 = stablehlo.logistic %369 : tensor<2x16xf32>
    %371 = stablehlo.reshape %arg39 : (tensor<2x16xi64>) -> tensor<32xi64>
    %372 = stablehlo.compare  GE, %371, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %373 = stablehlo.add %371, %c : tensor<32xi64>
    %374 = stablehlo.select %372, %371, %373 : tensor<32xi1>, tensor<32xi64>
    %375 = stablehlo.convert %374 : (tensor<32xi64>) -> tensor<32xui32>
    %376 = "stablehlo.gather"(%362, %375) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %377 = stablehlo.reshape %376 : (tensor<32xf32>) -> tensor<2x16xf32>
    %378 = stablehlo.logistic %377 : tensor<2x16xf32>
    %379 = stablehlo.multiply %378, %353 : tensor<2x16xf32>
    %380 = stablehlo.slice %361 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %381 = stablehlo.logistic %380 : tensor<2x16xf32>
    %382 = stablehlo.reshape %arg29 : (tensor<2x16xi64>) -> tensor<32xi64>
    %383 = stablehlo.compare  GE, %382, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %384 = stablehlo.add %382, %c : tensor<32xi64>
    %385 = stablehlo.select %383, %382, %384 : tensor<32xi1>, tensor<32xi64>
    %386 = stablehlo.convert %385 : (tensor<32xi64>) -> tensor<32xui32>
    %387 = "stablehlo.gather"(%362, %386) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %388 = stablehlo.reshape %387 : (tensor<32xf32>) -> tensor<2x16xf32>
    %389 = stablehlo.tanh %388 : tensor<2x16xf32>
    %390 = stablehlo.multiply %381, %389 : tensor<2x16xf32>
    %391 = stablehlo.add %379, %390 : tensor<2x16xf32>
    %392 = stablehlo.tanh %391 : tensor<2x16xf32>
    %393 = stablehlo.multiply %370, %392 : tensor<2x16xf32>
    %394 = stablehlo.reshape %393 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %395 = stablehlo.dot_general %393, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %396 = stablehlo.add %395, %2 : tensor<2x64xf32>
    %397 = stablehlo.dot_general %203, %243, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %398 = stablehlo.add %397, %245 : tensor<2x64xf32>
    %399 = stablehlo.add %396, %398 : tensor<2x64xf32>
    %400 = stablehlo.reshape %399 : (tensor<2x64xf32>) -> tensor<128xf32>
    %401 = stablehlo.reshape %arg42 : (tensor<2x16xi64>) -> tensor<32xi64>
    %402 = stablehlo.compare  GE, %401, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %403 = stablehlo.add %401, %c : tensor<32xi64>
    %404 = stablehlo.select %402, %401, %403 : tensor<32xi1>, tensor<32xi64>
    %405 = stablehlo.convert %404 : (tensor<32xi64>) -> tensor<32xui32>
    %406 = "stablehlo.gather"(%400, %405) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %407 = stablehlo.reshape %406 : (tensor<32xf32>) -> tensor<2x16xf32>
    %408 = stablehlo.logistic %407 : tensor<2x16xf32>
    %409 = stablehlo.reshape %arg41 : (tensor<2x16xi64>) -> tensor<32xi64>
    %410 = stablehlo.compare  GE, %409, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %411 = stablehlo.add %409, %c : tensor<32xi64>
    %412 = stablehlo.select %410, %409, %411 : tensor<32xi1>, tensor<32xi64>
    %413 = stablehlo.convert %412 : (tensor<32xi64>) -> tensor<32xui32>
    %414 = "stablehlo.gather"(%400, %413) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %415 = stablehlo.reshape %414 : (tensor<32xf32>) -> tensor<2x16xf32>
    %416 = stablehlo.logistic %415 : tensor<2x16xf32>
    %417 = stablehlo.multiply %416, %391 : tensor<2x16xf32>
    %418 = stablehlo.slice %399 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %419 = stablehlo.logistic %418 : tensor<2x16xf32>
    %420 = stablehlo.reshape %arg28 : (tensor<2x16xi64>) -> tensor<32xi64>
    %421 = stablehlo.compare  GE, %420, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %422 = stablehlo.add %420, %c : tensor<32xi64>
    %423 = stablehlo.select %421, %420, %422 : tensor<32xi1>, tensor<32xi64>
    %424 = stablehlo.convert %423 : (tensor<32xi64>) -> tensor<32xui32>
    %425 = "stablehlo.gather"(%400, %424) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %426 = stablehlo.reshape %425 : (tensor<32xf32>) -> tensor<2x16xf32>
    %427 = stablehlo.tanh %426 : tensor<2x16xf32>
    %428 = stablehlo.multiply %419, %427 : tensor<2x16xf32>
    %429 = stablehlo.add %417, %428 : tensor<2x16xf32>
    %430 = stablehlo.tanh %429 : tensor<2x16xf32>
    %431 = stablehlo.multiply %408, %430 : tensor<2x16xf32>
    %432 = stablehlo.reshape %431 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %433 = stablehlo.dot_general %431, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %434 = stablehlo.add %433, %2 : tensor<2x64xf32>
    %435 = stablehlo.dot_general %242, %243, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x64xf32>) -> tensor<2x64xf32>
    %436 = stablehlo.add %435, %245 : tensor<2x64xf32>
    %437 = stablehlo.add %434, %436 : tensor<2x64xf32>
    %438 = stablehlo.reshape %437 : (tensor<2x64xf32>) -> tensor<128xf32>
    %439 = stablehlo.reshape %arg44 : (tensor<2x16xi64>) -> tensor<32xi64>
    %440 = stablehlo.compare  GE, %439, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %441 = stablehlo.add %439, %c : tensor<32xi64>
    %442 = stablehlo.select %440, %439, %441 : tensor<32xi1>, tensor<32xi64>
    %443 = stablehlo.convert %442 : (tensor<32xi64>) -> tensor<32xui32>
    %444 = "stablehlo.gather"(%438, %443) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %445 = stablehlo.reshape %444 : (tensor<32xf32>) -> tensor<2x16xf32>
    %446 = stablehlo.logistic %445 : tensor<2x16xf32>
    %447 = stablehlo.reshape %arg43 : (tensor<2x16xi64>) -> tensor<32xi64>
    %448 = stablehlo.compare  GE, %447, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %449 = stablehlo.add %447, %c : tensor<32xi64>
    %450 = stablehlo.select %448, %447, %449 : tensor<32xi1>, tensor<32xi64>
    %451 = stablehlo.convert %450 : (tensor<32xi64>) -> tensor<32xui32>
    %452 = "stablehlo.gather"(%438, %451) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %453 = stablehlo.reshape %452 : (tensor<32xf32>) -> tensor<2x16xf32>
    %454 = stablehlo.logistic %453 : tensor<2x16xf32>
    %455 = stablehlo.multiply %454, %429 : tensor<2x16xf32>
    %456 = stablehlo.slice %437 [0:2, 0:16] : (tensor<2x64xf32>) -> tensor<2x16xf32>
    %457 = stablehlo.logistic %456 : tensor<2x16xf32>
    %458 = stablehlo.reshape %arg0 : (tensor<2x16xi64>) -> tensor<32xi64>
    %459 = stablehlo.compare  GE, %458, %c_0 : (tensor<32xi64>, tensor<32xi64>) -> tensor<32xi1>
    %460 = stablehlo.add %458, %c : tensor<32xi64>
    %461 = stablehlo.select %459, %458, %460 : tensor<32xi1>, tensor<32xi64>
    %462 = stablehlo.convert %461 : (tensor<32xi64>) -> tensor<32xui32>
    %463 = "stablehlo.gather"(%438, %462) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<128xf32>, tensor<32xui32>) -> tensor<32xf32>
    %464 = stablehlo.reshape %463 : (tensor<32xf32>) -> tensor<2x16xf32>
    %465 = stablehlo.tanh %464 : tensor<2x16xf32>
    %466 = stablehlo.multiply %457, %465 : tensor<2x16xf32>
    %467 = stablehlo.add %455, %466 : tensor<2x16xf32>
    %468 = stablehlo.tanh %467 : tensor<2x16xf32>
    %469 = stablehlo.multiply %446, %468 : tensor<2x16xf32>
    %470 = stablehlo.reshape %469 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %471 = stablehlo.concatenate %280, %318, %356, %394, %432, %470, dim = 0 : (tensor<1x2x16xf32>, tensor<1x2x16xf32>, tensor<1x2x16xf32>, tensor<1x2x16xf32>, tensor<1x2x16xf32>, tensor<1x2x16xf32>) -> tensor<6x2x16xf32>
    %472 = stablehlo.transpose %471, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[2,6,16]{2,0,1}"} : (tensor<6x2x16xf32>) -> tensor<2x6x16xf32>
    %473 = stablehlo.reshape %242 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %474 = stablehlo.concatenate %473, %470, dim = 0 : (tensor<1x2x16xf32>, tensor<1x2x16xf32>) -> tensor<2x2x16xf32>
    %475 = stablehlo.reshape %240 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %476 = stablehlo.reshape %467 : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %477 = stablehlo.concatenate %475, %476, dim = 0 : (tensor<1x2x16xf32>, tensor<1x2x16xf32>) -> tensor<2x2x16xf32>
    return %472, %474, %477 : tensor<2x6x16xf32>, tensor<2x2x16xf32>, tensor<2x2x16xf32>
  }
}
